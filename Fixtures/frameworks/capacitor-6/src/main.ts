import {App} from '@capacitor/app';
import {Preferences} from '@capacitor/preferences';

// harvest://order/<id> links come from the co-op's pickup reminders.
App.addListener('appUrlOpen', ({url}) => {
  const id = new URL(url).pathname.split('/').pop();
  if (id) {
    showOrder(id);
  }
});

async function showOrder(id: string) {
  await Preferences.set({key: 'lastOrder', value: id});
  document.querySelector('#app')!.textContent = `Order ${id}: ready for pickup on Saturday`;
}

document.querySelector('#app')!.textContent = 'This week: carrots, kale, apples';
