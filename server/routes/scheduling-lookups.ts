import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import type { Role } from '@/shared/contracts/roles';
import {
  type Calendar,
  calendarEventResponseSchema,
  calendarEventsResponseSchema,
  calendarSchema,
  consultantResponseSchema,
  createEventRequestSchema,
  deleteEventQuerySchema,
  EVENT_DELETED,
  eventDeletedResponseSchema,
  eventRangeQuerySchema,
  OBJECTIONS_PAGE_LIMIT,
  objectionListResponseSchema,
  objectionsQuerySchema,
  SCHEDULING_ERRORS,
  updateEventRequestSchema,
  appointmentOutcomeSchema,
} from '@/shared/contracts/scheduling';
import {
  belongsToCall,
  bookingIdentity,
  eventRangeProblem,
  eventTimesProblem,
  findOverlap,
  groupEventsByDay,
  rangeBounds,
} from '@/shared/domain/scheduling';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';
import { assertRole, canReadWorkspace, type Principal } from '../auth/access';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { listResponder } from '../http/list-response';
import { paginate, parsePaging } from '../http/paging';
import { parseInput, respondWith } from '../http/validate';
import {
  consultantIdOfUser,
  consultantWorkspaceId,
  deleteEvent,
  findCalendarRow,
  findConsultant,
  findEventRow,
  listAppointmentOutcomes,
  listCalendars,
  listEventsOverlapping,
  listEventsStarting,
  listObjections,
  toCalendarEvent,
  saveEvent,
} from '../repositories/scheduling-repository';
import { findWorkspace } from '../repositories/workspace-repository';
import { createWorkspaceScope } from './workspace-scope';

// Calendars and events, objections, appointment outcomes, consultants/{id} (spec: dashboards
// 7 Lookups, 8 "Event save error: Rethrown to caller", 9; issue #16). Rules in
// shared/domain/scheduling.ts; the endpoint table and the decisions in docs/scheduling.md.

/** Who may book, move and cancel events: everyone who takes calls or runs the workspace. */
const EVENT_WRITERS: readonly Role[] = ['owner', 'admin', 'operator', 'system'];

const calendarParams = z.object({ calendarId: idSchema });
const eventParams = z.object({ eventId: idSchema });
const consultantParams = z.object({ consultantId: idSchema });

const conflict = (message: string) => new HttpError(409, message);

export function registerSchedulingRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const deps = createSchedulingDeps(ctx);
  registerCalendarRoutes(api, deps);
  registerEventRoutes(api, deps);
  registerObjectionAndOutcomeRoutes(api, deps);
  registerConsultantRoute(api, deps);
}

/** What the scheduling routes share: the scopes, the calendar checks and the answers. */
type SchedulingDeps = ReturnType<typeof createSchedulingDeps>;

function createSchedulingDeps(ctx: ServerContext) {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);
  const respondCalendars = listResponder(calendarSchema);
  const respondOutcomes = listResponder(appointmentOutcomeSchema);

  /** A consultant sees only their own calendar (spec silent: issue #16 "read their own"). */
  async function visibleCalendars(principal: Principal, workspaceId: string): Promise<Calendar[]> {
    const calendars = await listCalendars(db, workspaceId);
    if (principal.role !== 'consultant') return calendars;
    const own = await consultantIdOfUser(db, workspaceId, principal.sub);
    return calendars.filter((calendar) => own !== null && calendar.consultantId === own);
  }

  /**
   * The calendar, if the caller's workspace has it: another workspace's calendar is 404
   * (ids cannot be probed); the system user reaches any.
   */
  async function readableCalendar(principal: Principal, calendarId: string) {
    const row = await findCalendarRow(db, calendarId);
    if (!row || !canReadWorkspace(principal, row.workspace_id)) {
      throw notFound(SCHEDULING_ERRORS.calendarNotFound);
    }
    if (principal.role === 'consultant') {
      const own = await consultantIdOfUser(db, row.workspace_id, principal.sub);
      if (own === null || row.consultant_id !== own)
        throw forbidden(SCHEDULING_ERRORS.notOwnCalendar);
    }
    return row;
  }

  async function writer(request: FastifyRequest): Promise<Principal> {
    const principal = await ctx.authenticate(request);
    assertRole(principal, EVENT_WRITERS);
    return principal;
  }

  async function isAsync(workspaceId: string): Promise<boolean> {
    return hasAsyncLeadGeneration(await findWorkspace(db, workspaceId));
  }

  /**
   * 409 when the span overlaps another event of the calendar (spec silent: issue #16).
   * Run inside the write's transaction: two agents cannot take the same slot.
   */
  async function refuseOverlap(
    trx: Db,
    calendarId: string,
    span: { startTime: string; endTime: string },
    ignoreId?: string,
  ) {
    const candidates = await listEventsOverlapping(trx, calendarId, span.startTime, span.endTime);
    if (findOverlap(span, candidates, ignoreId)) throw conflict(SCHEDULING_ERRORS.overlap);
  }

  /** Instants are stored as ISO UTC, whatever offset the client sent. */
  const utc = (instant: string) => new Date(instant).toISOString();

  return {
    ctx,
    db,
    workspaceScope,
    respondCalendars,
    respondOutcomes,
    visibleCalendars,
    readableCalendar,
    writer,
    isAsync,
    refuseOverlap,
    utc,
  };
}

// ---------------------------------------------------------------- calendars

function registerCalendarRoutes(api: FastifyInstance, deps: SchedulingDeps): void {
  const { ctx, db, workspaceScope, respondCalendars, visibleCalendars, readableCalendar } = deps;
  api.get('/calendars', async (request) => {
    const principal = await ctx.authenticate(request);
    // The system user belongs to no workspace: workspaces/{id}/calendars is theirs.
    const items = principal.workspace ? await visibleCalendars(principal, principal.workspace) : [];
    return respondCalendars(request.query, items);
  });

  api.get('/workspaces/:id/calendars', async (request) => {
    const { principal, workspaceId } = await workspaceScope(request);
    return respondCalendars(request.query, await visibleCalendars(principal, workspaceId));
  });

  api.get('/calendars/:calendarId/events', async (request) => {
    const principal = await ctx.authenticate(request);
    const { calendarId } = parseInput(calendarParams, request.params, 'params');
    const range = parseInput(eventRangeQuerySchema, request.query ?? {}, 'query');
    const problem = eventRangeProblem(range.startDate, range.endDate);
    if (problem) throw badRequest(problem);
    const calendar = await readableCalendar(principal, calendarId);
    const bounds = rangeBounds(range.startDate, range.endDate, calendar.timezone);
    const events = await listEventsStarting(db, calendar.id, bounds.startTime, bounds.endTime);
    return respondWith(calendarEventsResponseSchema, {
      calendarId: calendar.id,
      timezone: calendar.timezone,
      days: groupEventsByDay(events, range.startDate, range.endDate, calendar.timezone),
    });
  });
}

// ---------------------------------------------------------------- events

function registerEventRoutes(api: FastifyInstance, deps: SchedulingDeps): void {
  const { ctx, db, readableCalendar, writer, isAsync, refuseOverlap, utc } = deps;
  api.post('/events', async (request, reply) => {
    const principal = await writer(request);
    const body = parseInput(createEventRequestSchema, request.body ?? {}, 'body');
    const timesProblem = eventTimesProblem(body);
    if (timesProblem) throw badRequest(timesProblem);
    const calendar = await readableCalendar(principal, body.calendarId);
    if ((await isAsync(calendar.workspace_id)) && !body.executionId) {
      throw badRequest(SCHEDULING_ERRORS.executionIdRequired);
    }
    const span = { startTime: utc(body.startTime), endTime: utc(body.endTime) };
    const stamp = ctx.now().toISOString();
    const row = {
      id: `evt_${randomUUID()}`,
      workspace_id: calendar.workspace_id,
      calendar_id: calendar.id,
      title: body.title,
      start_time: span.startTime,
      end_time: span.endTime,
      location: body.location,
      notes: body.notes,
      execution_id: body.executionId ?? null,
      app_uid: body.appId ?? null,
      created_by: principal.sub,
      created_at: stamp,
      updated_at: stamp,
    };
    await saveEvent(db, row, (trx) => refuseOverlap(trx, calendar.id, span), 'new');
    reply.code(201);
    return respondWith(calendarEventResponseSchema, { data: toCalendarEvent(row) });
  });

  api.put('/events/:eventId', async (request) => {
    const principal = await writer(request);
    const { eventId } = parseInput(eventParams, request.params, 'params');
    const body = parseInput(updateEventRequestSchema, request.body ?? {}, 'body');
    const timesProblem = eventTimesProblem(body);
    if (timesProblem) throw badRequest(timesProblem);
    const existing = await findEventRow(db, eventId);
    if (!existing || !canReadWorkspace(principal, existing.workspace_id)) {
      throw notFound(SCHEDULING_ERRORS.eventNotFound);
    }
    const calendar = await readableCalendar(principal, body.calendarId);
    if (calendar.workspace_id !== existing.workspace_id) {
      throw notFound(SCHEDULING_ERRORS.calendarNotFound);
    }
    const async = await isAsync(existing.workspace_id);
    if (async && !body.executionId) throw badRequest(SCHEDULING_ERRORS.executionIdRequired);
    const identity = bookingIdentity(async, body);
    if (identity && !belongsToCall(toCalendarEvent(existing), identity)) {
      throw conflict(SCHEDULING_ERRORS.otherCall);
    }
    const span = { startTime: utc(body.startTime), endTime: utc(body.endTime) };
    const updated = {
      ...existing,
      calendar_id: calendar.id,
      title: body.title,
      start_time: span.startTime,
      end_time: span.endTime,
      location: body.location,
      notes: body.notes,
      execution_id: body.executionId ?? existing.execution_id,
      app_uid: body.appId ?? existing.app_uid,
      updated_at: ctx.now().toISOString(),
    };
    await saveEvent(
      db,
      updated,
      (trx) => refuseOverlap(trx, calendar.id, span, existing.id),
      'existing',
    );
    return respondWith(calendarEventResponseSchema, { data: toCalendarEvent(updated) });
  });

  api.delete('/events/:eventId', async (request) => {
    const principal = await writer(request);
    const { eventId } = parseInput(eventParams, request.params, 'params');
    const query = parseInput(deleteEventQuerySchema, request.query ?? {}, 'query');
    const existing = await findEventRow(db, eventId);
    if (!existing || !canReadWorkspace(principal, existing.workspace_id)) {
      throw notFound(SCHEDULING_ERRORS.eventNotFound);
    }
    // spec: dashboards 7 — "DELETE (?executionId= when async, else ?appId=)".
    const async = await isAsync(existing.workspace_id);
    const identity = bookingIdentity(async, query);
    if (!identity) {
      throw badRequest(
        async ? SCHEDULING_ERRORS.executionIdRequired : SCHEDULING_ERRORS.appIdRequired,
      );
    }
    if (!belongsToCall(toCalendarEvent(existing), identity)) {
      throw conflict(SCHEDULING_ERRORS.otherCall);
    }
    await deleteEvent(db, existing.id);
    return respondWith(eventDeletedResponseSchema, { result: EVENT_DELETED });
  });
}

// ---------------------------------------------------------------- objections, outcomes

function registerObjectionAndOutcomeRoutes(api: FastifyInstance, deps: SchedulingDeps): void {
  const { ctx, db, respondOutcomes } = deps;
  api.get('/objections', async (request) => {
    const principal = await ctx.authenticate(request);
    const query = parseInput(objectionsQuerySchema, request.query ?? {}, 'query');
    const paging = parsePaging(request.query);
    const limit = paging['page[limit]'];
    if (limit !== undefined && limit > OBJECTIONS_PAGE_LIMIT) {
      throw badRequest(SCHEDULING_ERRORS.objectionsLimit);
    }
    const all = principal.workspace ? await listObjections(db, principal.workspace) : [];
    const sorted = query.sort === '-name' ? [...all].reverse() : all;
    const items =
      query.include === 'objectionType'
        ? sorted
        : sorted.map(({ objectionType: _omitted, ...objection }) => objection);
    // Without page[limit] a page holds the spec's 100 at most (dashboards 9).
    return respondWith(
      objectionListResponseSchema,
      paginate(items, { ...paging, 'page[limit]': limit ?? OBJECTIONS_PAGE_LIMIT }),
    );
  });

  api.get('/appointmentoutcomes', async (request) => {
    const principal = await ctx.authenticate(request);
    const items = principal.workspace ? await listAppointmentOutcomes(db, principal.workspace) : [];
    return respondOutcomes(request.query, items);
  });
}

// ---------------------------------------------------------------- consultants/{id}

function registerConsultantRoute(api: FastifyInstance, deps: SchedulingDeps): void {
  const { ctx, db } = deps;
  api.get('/consultants/:consultantId', async (request) => {
    const principal = await ctx.authenticate(request);
    const { consultantId } = parseInput(consultantParams, request.params, 'params');
    let consultant = null;
    if (principal.role === 'system') {
      const workspaceId = await consultantWorkspaceId(db, consultantId);
      if (workspaceId !== null) consultant = await findConsultant(db, workspaceId, consultantId);
    } else if (principal.workspace) {
      consultant = await findConsultant(db, principal.workspace, consultantId);
    }
    // Another workspace's consultant is 404, like one that does not exist.
    if (!consultant) throw notFound(SCHEDULING_ERRORS.consultantNotFound);
    return respondWith(consultantResponseSchema, { data: consultant });
  });
}
