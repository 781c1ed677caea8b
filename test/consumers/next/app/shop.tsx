'use client';
import { useState } from 'react';
import type { RoomModelJson } from 'room-elements';
import { RoomGallery } from 'room-elements/react/room-gallery.js';
import { RoomPlan } from 'room-elements/react/room-plan.js';
import { RoomViewer } from 'room-elements/react/room-viewer.js';

/** What the handlers saw, for the test (and a visible line for a person looking at the page). */
declare global {
  interface Window {
    shop?: { selected?: number; planLoaded?: number; viewerThread?: string };
  }
}
const note = (patch: NonNullable<Window['shop']>) => (window.shop = { ...window.shop, ...patch });

export function Shop({ apiBase, model }: { apiBase: string; model: RoomModelJson }) {
  const [selected, setSelected] = useState<string>();
  return (
    <>
      <p id="selected">{selected ? `Selected: ${selected}` : 'Pick a room'}</p>
      <RoomGallery
        api-base={apiBase}
        limit={4}
        onRoomSelect={(event) => {
          // the card is a link to the room's page: keep the shop's page, as a dialog would
          event.preventDefault();
          note({ selected: event.detail.room.id });
          setSelected(event.detail.room.name);
        }}
      />
      <RoomPlan
        model={model}
        style={{ display: 'block', width: 480, height: 320 }}
        onModelLoad={(event) => note({ planLoaded: event.detail.products.length })}
      />
      <RoomViewer
        model={model}
        loading="eager"
        style={{ display: 'block', width: 480, height: 320 }}
        onModelLoad={(event) => note({ viewerThread: event.currentTarget.renderThread ?? 'none' })}
      />
    </>
  );
}
