import { preloadFirstScreen } from './first-screen';

// panel-frame.html's first module (issue #14, #29): the widget named in the frame's address.
preloadFirstScreen(new URLSearchParams(globalThis.location.search).get('first') ?? '');
