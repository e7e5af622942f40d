import { describe, expect, it } from 'vitest';
import type { MeResponse } from '@/shared/contracts/user';
import { toLoggedUser } from '@/shared/session/session-service';
import { SignInError } from '@/shared/session/sign-in-error';

function me(authorizations: MeResponse['included']['authorizations']): MeResponse {
  return {
    data: {
      id: 'u1',
      type: 'user',
      attributes: {
        username: 'owner@lakeside.test',
        email: 'owner@lakeside.test',
        picture: null,
        language: 'en',
        timezone: 'America/Chicago',
        calendarType: null,
        customerSuccessAccountId: null,
      },
    },
    included: { authorizations, person: { id: 'p1', firstName: 'Olivia', lastName: 'Owens' } },
  };
}

describe('building the logged user from users/me (spec: session 4 Sign-in)', () => {
  it('takes role, workspace and edition from the active authorization', () => {
    const user = toLoggedUser(
      me([
        { id: 'a0', role: 'admin', workspaceId: 'ws_x', status: 'inactive', edition: 'starter' },
        {
          id: 'a1',
          role: 'owner',
          workspaceId: 'ws_lakeside',
          status: 'active',
          edition: 'enterprise',
        },
      ]),
    );
    expect(user).toMatchObject({
      role: 'owner',
      workspace: 'ws_lakeside',
      edition: 'enterprise',
      name: 'Olivia Owens',
      personId: 'p1',
    });
  });

  it('refuses a user whose only authorization is not active with the "inactive" error', () => {
    const attempt = () =>
      toLoggedUser(
        me([{ id: 'a1', role: 'operator', workspaceId: 'w', status: 'inactive', edition: null }]),
      );
    expect(attempt).toThrow(SignInError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'inactive' }));
  });

  it('refuses a user with no authorization with NO_ROLE_ASSOCIATED', () => {
    expect(() => toLoggedUser(me([]))).toThrow(expect.objectContaining({ code: 'noRole' }));
  });
});
