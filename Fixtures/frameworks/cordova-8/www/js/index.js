document.addEventListener('deviceready', () => {
  const log = JSON.parse(localStorage.getItem('sightings') ?? '[]');
  document.getElementById('status').textContent = `${log.length} sightings logged this season`;
}, false);
