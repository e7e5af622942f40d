// The elements click-to-call adds to a CRM page (issue #13), named in one place: the
// observer must know its own elements, and the dialogs are a lazy chunk.

/** Next to each phone number: one button in a closed shadow root. */
export const CALL_BUTTON_TAG = 'intake-call-button';

/** The click-to-call dialogs' host (one per page, closed shadow root). */
export const CALL_DIALOGS_TAG = 'intake-call-dialogs';
