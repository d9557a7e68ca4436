import { SHELL_CONFIG } from '../config/shell-config';
import { LandingPage, LandingScenePlaceholder } from '../features/landing/components/landing-page';
import { BackgroundScene } from '../features/scene/components/background-scene';

/** The landing page with its animated background scene (configured at build time; offline: the still placeholder). */
export function LandingScreen({ onNavigate }: { onNavigate: (to: string) => void }) {
  return (
    <LandingPage
      onNavigate={onNavigate}
      background={
        <BackgroundScene
          className="absolute inset-0"
          scriptUrl={SHELL_CONFIG.sceneScriptUrl}
          projectId={SHELL_CONFIG.sceneProjectId}
          placeholder={<LandingScenePlaceholder />}
        />
      }
    />
  );
}
