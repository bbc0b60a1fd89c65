export type Product = {sku: string; name: string; pence: number; stock: number};

const BASE = 'https://api.cornerstore.example/v2';

export async function products(shopId: string): Promise<Product[]> {
  const res = await fetch(`${BASE}/shops/${shopId}/products`);
  if (!res.ok) {
    throw new Error(`products: ${res.status}`);
  }
  return res.json();
}
