import {App} from '@capacitor/app';
import {Geolocation} from '@capacitor/geolocation';

// greenline://stop/<id> from timetable QR codes at bus stops; works cold (getLaunchUrl) and warm.
async function route(url?: string) {
  const stop = url ? new URL(url).pathname.split('/').pop() : undefined;
  if (stop) {
    document.querySelector('#app')!.textContent = `Departures from stop ${stop}`;
  }
}
App.getLaunchUrl().then(launch => route(launch?.url));
App.addListener('appUrlOpen', ({url}) => route(url));

Geolocation.getCurrentPosition().then(p => console.log('near', p.coords.latitude, p.coords.longitude));
