// mf_create/CreateScreen: /app/image, /app/video and /app/dress-up as the shell loads them.
import type { CreateTab } from '../constants';
import { CreateScreen } from '../features/create/components/create-screen';
import '../styles.css';

export default function CreateScreenRemote({ tab = 'image' }: { tab?: CreateTab }) {
  return (
    <section data-remote="mf_create" className="w-full">
      <CreateScreen tab={tab} />
    </section>
  );
}
