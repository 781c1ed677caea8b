import type { RoomModelJson } from 'room-elements';
import { Shop } from './shop';

// The room data comes from the service at request time, as a shop's server component would fetch it.
export const dynamic = 'force-dynamic';

export default async function Page() {
  const apiBase = process.env.ROOM_API_BASE ?? 'http://127.0.0.1:1/room-styling';
  const list = (await (await fetch(`${apiBase}/rooms?limit=1`)).json()) as { rooms: { id: number }[] };
  const room = (await (await fetch(`${apiBase}/rooms/${list.rooms[0]!.id}`)).json()) as {
    model: RoomModelJson;
  };
  return (
    <main>
      <h1>Rooms</h1>
      <Shop apiBase={apiBase} model={room.model} />
    </main>
  );
}
