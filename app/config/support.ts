/** Where support tickets go (spec: session 2 Top bar "A support ticket link"). */
export const SUPPORT_EMAIL = 'support@intakecockpit.test';

export const SUPPORT_TICKET_URL = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Support ticket: Intake Cockpit')}`;
