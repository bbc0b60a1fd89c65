import {registerPlugin} from '@capacitor/core';

interface SignaturePlugin {
  capture(options: {ink?: string}): Promise<{image: string}>;
}
const Signature = registerPlugin<SignaturePlugin>('Signature');

document.querySelector('#sign')?.addEventListener('click', async () => {
  const {image} = await Signature.capture({ink: 'InkBlue'});
  const img = document.createElement('img');
  img.src = `data:image/png;base64,${image}`;
  document.querySelector('#app')!.append(img);
});
