import { describe, expect, it } from 'vitest';
import { detectEnvironment } from '@/app/config/environment';

// spec: session 2 "An environment banner with colours for dev, qa and local"; the rule is ours.
describe('detectEnvironment', () => {
  it('calls this machine local, whatever the build mode', () => {
    expect(detectEnvironment({ mode: 'production', hostname: 'localhost' })).toBe('local');
    expect(detectEnvironment({ mode: 'development', hostname: '127.0.0.1' })).toBe('local');
    expect(detectEnvironment({ mode: 'production', hostname: 'app.localhost' })).toBe('local');
  });

  it('recognises qa builds and qa hosts', () => {
    expect(detectEnvironment({ mode: 'qa', hostname: 'intake.example.com' })).toBe('qa');
    expect(detectEnvironment({ mode: 'production', hostname: 'qa.intakecockpit.com' })).toBe('qa');
    expect(detectEnvironment({ mode: 'production', hostname: 'qa-eu.intakecockpit.com' })).toBe(
      'qa',
    );
  });

  it('recognises the dev server and dev hosts', () => {
    expect(detectEnvironment({ mode: 'development', hostname: '192.168.1.20' })).toBe('dev');
    expect(detectEnvironment({ mode: 'production', hostname: 'dev.intakecockpit.com' })).toBe(
      'dev',
    );
  });

  it('shows nothing for a production build on a real host', () => {
    expect(detectEnvironment({ mode: 'production', hostname: 'app.intakecockpit.com' })).toBeNull();
    expect(detectEnvironment({ mode: 'production', hostname: 'developer.example.com' })).toBeNull();
    expect(detectEnvironment({ mode: 'production', hostname: 'quality.example.com' })).toBeNull();
  });
});
