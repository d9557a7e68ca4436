// mf_canvas/CanvasEditor: the /app/canvas screen as the shell loads it.
import { CanvasEditor } from '../features/canvas/components/canvas-editor';
import '../styles.css';

export default function CanvasEditorRemote() {
  return (
    <section data-remote="mf_canvas" className="w-full">
      <CanvasEditor />
    </section>
  );
}
