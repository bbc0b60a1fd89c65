export type Trail = {id: string; name: string; status: 'open' | 'muddy' | 'closed'};

export async function fetchConditions(): Promise<Trail[]> {
  const res = await fetch('https://trailhead.example.org/api/conditions');
  return res.json();
}
