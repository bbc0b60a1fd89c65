import {products} from '@cornerstore/api';

// Shop staff count shelves; low-stock lines are highlighted.
products('local').then(list => {
  const low = list.filter(p => p.stock < 3).map(p => p.name);
  document.querySelector('#app')!.textContent = low.length ? `Low stock: ${low.join(', ')}` : 'Shelves look full';
});
