// The DOM matchers (toBeInTheDocument, toHaveTextContent, toBeDisabled, …), so a test
// says what it expects of an element instead of toBeTruthy().
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what each test rendered, so the next one starts from an empty document.
afterEach(() => {
  cleanup();
});
