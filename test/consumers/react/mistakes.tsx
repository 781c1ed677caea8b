import { useRef } from 'react';
import type {} from 'room-elements/jsx';
import type { RoomPlan } from 'room-elements/room-plan.js';

export function Broken() {
  const plan = useRef<RoomPlan>(null);
  return (
    <div>
      <room-viewer
        // MISTAKE: a plan's ref on a viewer
        ref={plan}
        // MISTAKE: camera is model | orbit | top
        camera="fisheye"
        // MISTAKE: no such property in the detail
        oncomponent-select={(event) => console.log(event.detail.componentId)}
        // MISTAKE: a viewer's model is an object
        model="room.json"
      />
      <room-gallery
        // MISTAKE: a number attribute takes a number's text, not any text
        limit="six"
      />
      <room-gallery
        // TypeScript never checks hyphenated JSX names (`api-bsae` passes), so TSX is safer with properties.
        // MISTAKE: misspelt property
        apiBsae="https://api.example.test"
      />
    </div>
  );
}
