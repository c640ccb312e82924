// How an address's place and door read, on every screen that shows one. Kept apart from the
// address schemas: the storefront's first chunk uses these lines, and a schema module would bring
// zod with it (apps/web/vite.config.ts keeps zod out of the first load).

/** Where the door is inside the place: all optional, empty when not given. */
export interface DoorDetails {
  block: string;
  floor: string;
  room: string;
  landmark: string;
}

/** "Block C · Floor 2 · Room 214" (empty when none given). */
export function doorLine(d: Partial<DoorDetails> | null | undefined): string {
  if (!d) return '';
  return [
    d.block && `Block ${d.block.replace(/^block\s+/i, '')}`,
    d.floor && `Floor ${d.floor.replace(/^floor\s+/i, '')}`,
    d.room && `Room ${d.room.replace(/^(room|flat)\s+/i, '')}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The place and its city in one line, the city once: a picked place's name often ends with it
 * already ("Ugbowo, Benin City" in "Benin City" stays "Ugbowo, Benin City").
 */
export function placeLine(address: string, city?: string | null): string {
  const place = address.trim();
  const town = (city ?? '').trim();
  if (!town) return place;
  if (!place) return town;
  const parts = place.split(',').map((p) => p.trim().toLowerCase());
  return parts.includes(town.toLowerCase()) ? place : `${place}, ${town}`;
}
