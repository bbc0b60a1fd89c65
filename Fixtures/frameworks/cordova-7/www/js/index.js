// Runs once the native side is ready.
document.addEventListener('deviceready', () => {
  navigator.geolocation.getCurrentPosition(pos => {
    const {latitude, longitude} = pos.coords;
    fetch(`https://tidepool.example/api/tides?lat=${latitude}&lon=${longitude}`)
      .then(r => r.json())
      .then(t => {
        document.getElementById('status').textContent = `Low tide at ${t.nextLow}; safe until ${t.safeUntil}`;
      });
  });
}, false);
