import {App} from '@capacitor/app';
import {registerPlugin} from '@capacitor/core';

interface WalletPassPlugin {
  addPass(options: {pass: string}): Promise<void>;
}
const WalletPass = registerPlugin<WalletPassPlugin>('WalletPass');

// ticketbox://event/<id>?utm_source=… from campaign e-mails.
App.addListener('appUrlOpen', ({url}) => {
  const event = new URL(url).pathname.replace('/', '');
  document.querySelector('#app')!.textContent = `Event ${event}`;
});

document.querySelector('#add-pass')?.addEventListener('click', async () => {
  const res = await fetch('/api/tickets/current/pkpass-base64');
  await WalletPass.addPass({pass: await res.text()});
});
