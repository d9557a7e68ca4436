import { RemoteScreen } from '../../features/remotes/components/remote-screen';

// Route screens that come from remotes, with the props each exposed module takes (docs/architecture.md).

export function CreateRoute({ tab }: { tab: 'image' | 'video' | 'dress-up' }) {
  return <RemoteScreen id="mf_create/CreateScreen" label="The creation studio" props={{ tab }} />;
}

export function PhotoshootRoute() {
  return <RemoteScreen id="mf_photoshoot/PhotoshootFlow" label="Photoshoots" />;
}

export function CanvasRoute() {
  return <RemoteScreen id="mf_canvas/CanvasEditor" label="The canvas editor" />;
}

export function PricingRoute({ variant }: { variant: 'select' | 'all' | 'in' }) {
  return <RemoteScreen id="mf_pricing/PricingPage" label="Pricing" props={{ variant }} />;
}
