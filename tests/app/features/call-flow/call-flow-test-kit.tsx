import type { ApiClient } from '@/shared/api/client';
import {
  processDefinitionSchema,
  type ProcessDefinition,
  type ProcessDefinitionInput,
} from '@/shared/contracts/call-flow';
import type { Workspace } from '@/shared/contracts/workspace';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import type { TransportRequest } from '@/shared/transport/transport';
import { fakeApi, type FakeApi, type Handler as FakeApiHandler } from '../../fake-api';
import { makeHost } from '../../helpers';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';

// A small in-memory call centre for the call-flow screens: it answers the spec 7 calls the
// way the reference server does (start, submit, histories, case status) and records every
// request, parsing each answer with the caller's contract like the real ApiClient.

/** Three form steps; the second branches on the accident type (spec 4 Forward 2). */
export const INTAKE: ProcessDefinition = processDefinitionSchema.parse({
  uid: 'pi-intake',
  name: 'Personal Injury intake',
  workspace: 'ws_lakeside',
  prj_id: 'pi',
  steps: [
    {
      id: 'caller',
      name: 'Caller',
      type: 'TASK',
      prj_id: 'pi',
      dynaform: {
        dyn_uid: 'dyn-caller',
        title: 'Caller details',
        fields: [
          {
            type: 'text',
            name: 'firstName',
            label: 'First name',
            validators: [{ type: 'required' }],
          },
        ],
      },
      routes: [{ flo_condition: '', flo_element_dest: 'accident', flo_element_origin: 'caller' }],
    },
    {
      id: 'accident',
      name: 'Accident',
      type: 'TASK',
      prj_id: 'pi',
      dynaform: {
        dyn_uid: 'dyn-accident',
        title: 'The accident',
        fields: [
          {
            type: 'radio',
            name: 'accidentType',
            label: 'Accident type',
            options: [
              { value: 'car', label: 'Car accident' },
              { value: 'fall', label: 'Slip and fall' },
            ],
            validators: [{ type: 'required' }],
          },
        ],
      },
      routes: [
        {
          flo_condition: "@@accidentType == 'car'",
          flo_element_dest: 'vehicle',
          flo_element_origin: 'accident',
        },
        { flo_condition: '', flo_element_dest: 'fall', flo_element_origin: 'accident' },
      ],
    },
    {
      id: 'vehicle',
      name: 'Vehicle',
      type: 'TASK',
      prj_id: 'pi',
      dynaform: {
        dyn_uid: 'dyn-vehicle',
        title: 'The vehicle',
        fields: [{ type: 'text', name: 'plate', label: 'Licence plate' }],
      },
      routes: [{ flo_condition: '', flo_element_dest: 'end', flo_element_origin: 'vehicle' }],
    },
    {
      id: 'fall',
      name: 'Fall',
      type: 'TASK',
      prj_id: 'pi',
      dynaform: {
        dyn_uid: 'dyn-fall',
        title: 'Where they fell',
        fields: [{ type: 'text', name: 'place', label: 'Place' }],
      },
      routes: [{ flo_condition: '', flo_element_dest: 'end', flo_element_origin: 'fall' }],
    },
    { id: 'end', name: 'Done', type: 'END', prj_id: 'pi' },
  ],
} satisfies ProcessDefinitionInput);

export type Handler = (req: TransportRequest) => unknown;

export interface FakeCallCentre extends FakeApi {
  /** Requests of one method and path. */
  sent(method: string, path: string): TransportRequest[];
}

/**
 * The call centre's default answers on the one fake API (tests/app/fake-api.ts: the real
 * client over a fake Transport); `overrides` by `METHOD path` replace any of them.
 */
export function fakeCallCentre(overrides: Record<string, Handler> = {}): FakeCallCentre {
  let delIndex = 1;
  let stepHistories = 0;
  const defaults: Record<string, Handler> = {
    'GET processes/pi-intake': () => ({ data: INTAKE }),
    'POST process-execution-history': () => ({ id: 'peh_1' }),
    'POST processes/pi-intake': () => ({ app_uid: 'app_1', del_index: delIndex }),
    'PUT processes/pi-intake': () => ({ del_index: ++delIndex }),
    'POST process-execution-steps-history': () => ({ id: `sh_${++stepHistories}` }),
    'PATCH process-execution-history/peh_1': () => ({ id: 'peh_1' }),
    'PUT processmaker/pi-intake': () => ({ id: 'app_1' }),
    'POST error-notification': () => ({ id: 'en_1' }),
    // issue #28: the agent's parked walk-ins (none), parking, and the drafts' server copy.
    'GET workspaces/ws_lakeside/parked-executions': () => ({ data: [] }),
    'PUT process-execution-history/peh_1/parked': () => null,
    'PUT process-execution-history/peh_1/drafts/caller': () => null,
    'PUT process-execution-history/peh_1/drafts/accident': () => null,
  };
  // The fake API routes by path; the call centre answers one path differently per method.
  const byPath = new Map<string, Map<string, Handler>>();
  for (const [key, handler] of Object.entries({ ...defaults, ...overrides })) {
    const [method, path] = key.split(' ') as [string, string];
    const methods = byPath.get(path) ?? new Map<string, Handler>();
    methods.set(method, handler);
    byPath.set(path, methods);
  }
  const routes: [string, FakeApiHandler][] = [...byPath].map(([path, methods]) => [
    path,
    (req) => {
      // Exact paths only, as the call centre's routes are (no suffix matches).
      const handler = req.path === path ? methods.get(req.method) : undefined;
      return handler
        ? handler(req)
        : { fail: 404, message: `No fake for ${req.method} ${req.path}` };
    },
  ]);
  const api = fakeApi(routes);
  return {
    ...api,
    sent: (method, path) => api.requests.filter((r) => r.method === method && r.path === path),
  };
}

export function agentWorkspace(overrides: Parameters<typeof makeWorkspace>[0] = {}): Workspace {
  return makeWorkspace({ ctmSetting: true, ctmAccount: '1', ...overrides });
}

export function callFlowHost(
  api: ApiClient,
  options: {
    role?: 'owner' | 'admin' | 'operator';
    storage?: KeyValueStorage;
    workspace?: Workspace;
  } = {},
) {
  return makeHost({
    api,
    storage: options.storage ?? createMemoryStorage(),
    session: {
      user: makeUser({ id: 'u_agent', role: options.role ?? 'operator', name: 'Ivy Intake' }),
      workspace: options.workspace ?? agentWorkspace(),
      agent: null,
    },
  });
}
