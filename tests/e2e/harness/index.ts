/**
 * The end-to-end harness, for this suite and for testers' own Puppeteer scripts
 * (docs/widgets-and-extension.md "For testers"). It builds nothing: run `npm run build`.
 */
export { findChromium } from './find-chromium';
export { launchBrowser, CHROMIUM_ARGS, type LaunchedBrowser } from './launch-browser';
export {
  startServer,
  APP_DIST,
  demoUserId,
  SYSTEM_USERNAME,
  type RunningServer,
} from './start-server';
export { freshAppPage, signInToApp, switchTheme } from './app-pages';
export { appSuite, type AppSuite } from './app-suite';
export { MAIN_MENU, menuPaths } from './menu';
export {
  bodyText,
  clickButton,
  confirmDialog,
  fieldValue,
  FIRST_STEP,
  setField,
  startWalkIn,
  stepTitle,
  waitForStep,
  waitForStepWith,
} from './app-wizard';
export { EXTENSION_DIR, WIDGETS_DIST, requireExtensionBuild } from './extension-build';
export { launchWithExtension, type ExtensionBrowser } from './launch-extension';
export { bringToFrontAndPaint } from './front-tab';
export {
  openPopup,
  setServerAddress,
  signInThroughPopup,
  signOutThroughPopup,
} from './extension-pages';
export {
  CRM_PAGES,
  fixtureFor,
  HOSTILE_PAGE_CSS,
  openCrmPage,
  serveCrmFixtures,
  withVariant,
  type CrmPageName,
  type FixtureVariant,
} from './crm-fixtures';
export { comparePngs, elementScreenshot, stableScreenshot, type PixelComparison } from './pixels';
export { captureDownloads, type Download, type DownloadCapture } from './downloads';
export {
  CALL_BUTTON_SELECTOR,
  CALL_DIALOGS_SELECTOR,
  callButtons,
  deepQuery,
  evaluateInShadowRoot,
  PANEL_SELECTOR,
  panelFrame,
  panelWidgetTags,
  waitForDeepSelector,
  waitForPanel,
  waitForSettledWidgets,
  waitForWidgetText,
  waitInShadowRoot,
  widgetText,
} from './panel';
export {
  CALL_FLOW_HOSTS,
  callDiagnostics,
  callFlowText,
  callFlowValues,
  clickDialogButton,
  confirmHangUp,
  dialogText,
  HANG_UP_PILL,
  hangUpInPanel,
  openCrmTab,
  wizardStep,
} from './calls';
export {
  bookConsultationInPanel,
  chooseRadioInPanel,
  fillPersonalInjuryIntakeInPanel,
  type IntakeCaller,
  nextInPanel,
  nextWeekday,
  panelScreen,
  setFieldInPanel,
} from './panel-wizard';
export { until } from './until';
export { connectToFakeCtm, ctmWebhookUrls } from './ctm';
