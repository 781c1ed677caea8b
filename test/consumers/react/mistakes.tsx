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
        // MISTAKE: misspelt property (TypeScript never checks a hyphenated JSX name: a misspelt
        // `api-bsae` passes in every JSX checker, so prefer the property names in TSX)
        apiBsae="https://api.example.test"
      />
    </div>
  );
}
