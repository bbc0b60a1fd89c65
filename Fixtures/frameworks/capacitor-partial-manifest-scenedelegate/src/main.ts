import {App} from '@capacitor/app';
import {CapacitorBarcodeScanner} from '@capacitor/barcode-scanner';

// stockroom://bin/<code> labels open a storage bin; universal links https://stockroom.example.com/bin/<code> too.
App.addListener('appUrlOpen', ({url}) => openBin(new URL(url).pathname.split('/').pop() ?? ''));

async function openBin(code: string) {
  const res = await fetch(`/api/bins/${code}`);
  document.querySelector('#app')!.textContent = `Bin ${code}: ${(await res.json()).items.length} items`;
}

document.querySelector('#scan')?.addEventListener('click', async () => {
  const {ScanResult} = await CapacitorBarcodeScanner.scanBarcode({hint: 17});
  openBin(ScanResult);
});
