import { PhotoshootsRouteGate } from '../../features/navigation/components/photoshoots-gate';
import { RemoteScreen } from '../../features/remotes/components/remote-screen';

// Route screens that come from remotes, with the props each exposed module takes (docs/architecture.md).

export function CreateRoute({ tab }: { tab: 'image' | 'video' | 'dress-up' }) {
  return <RemoteScreen id="mf_create/CreateScreen" label="The creation studio" props={{ tab }} />;
}

/** The flow opens only while the avatar allowance lasts (SPEC §4); the remote is not even loaded otherwise. */
export function PhotoshootRoute() {
  return (
    <PhotoshootsRouteGate>
      <RemoteScreen id="mf_photoshoot/PhotoshootFlow" label="Photoshoots" />
    </PhotoshootsRouteGate>
  );
}

export function CanvasRoute() {
  return <RemoteScreen id="mf_canvas/CanvasEditor" label="The canvas editor" />;
}

export function PricingRoute({ variant }: { variant: 'select' | 'all' | 'in' }) {
  return <RemoteScreen id="mf_pricing/PricingPage" label="Pricing" props={{ variant }} />;
}
