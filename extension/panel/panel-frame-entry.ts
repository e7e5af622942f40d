import { startPanelFrame } from './panel-frame';

// The panel frame's module (extension/public/panel-frame.html loads it; issue #29).
void startPanelFrame();
