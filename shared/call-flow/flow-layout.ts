import type { ProcessDefinition } from '../contracts/call-flow';

// The designer's map of a process (issue #34 "a graph of steps and routes, laid out
// automatically"): each step in a row by how many routes it is from the start (the first
// way there, breadth first), the steps of a row side by side in the order their routes
// reach them, rows centred on the widest. A route to a step in the same row or above is a
// way back (a loop, "back to the caller's details"): the map draws it apart. Steps no
// route reaches come last, in rows of their own, for the owner to connect or delete. Pure
// and in whole pixels, so the same definition always draws the same map.

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  gapX: number;
  gapY: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = { nodeWidth: 200, nodeHeight: 64, gapX: 40, gapY: 56 };

export interface LaidOutStep {
  stepId: string;
  row: number;
  /** Its place in its row, from the left. */
  column: number;
  /** The box's top-left corner. */
  x: number;
  y: number;
  /** No route from the start reaches it. */
  unreachable: boolean;
}

export interface LaidOutRoute {
  from: string;
  to: string;
  condition: string;
  /** To a step in the same row or above: a loop back. */
  back: boolean;
  /** To a step that does not exist (a draft's broken route). */
  dangling: boolean;
}

export interface FlowLayout {
  steps: LaidOutStep[];
  routes: LaidOutRoute[];
  width: number;
  height: number;
}

/** The step the flow starts at: its start step, else the first step of the main project. */
export function startStepOf(definition: {
  steps: readonly { id: string; prj_id: string }[];
  startStepId?: string;
  prj_id: string;
}): string | null {
  const ids = new Set(definition.steps.map((step) => step.id));
  if (definition.startStepId && ids.has(definition.startStepId)) return definition.startStepId;
  return (
    definition.steps.find((step) => step.prj_id === definition.prj_id)?.id ??
    definition.steps[0]?.id ??
    null
  );
}

export function layoutFlow(
  definition: Pick<ProcessDefinition, 'steps' | 'startStepId' | 'prj_id'>,
  options: LayoutOptions = DEFAULT_LAYOUT,
): FlowLayout {
  const byId = new Map(definition.steps.map((step) => [step.id, step]));
  const rowOf = new Map<string, number>();
  const rows: string[][] = [];
  const place = (id: string, row: number) => {
    rowOf.set(id, row);
    (rows[row] ??= []).push(id);
  };
  /** Breadth first from `from`, rows counted from `firstRow`. */
  const walk = (from: string, firstRow: number) => {
    place(from, firstRow);
    const queue = [from];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const route of byId.get(id)?.routes ?? []) {
        const to = route.flo_element_dest;
        if (!byId.has(to) || rowOf.has(to)) continue;
        place(to, rowOf.get(id)! + 1);
        queue.push(to);
      }
    }
  };
  const start = startStepOf(definition);
  if (start) walk(start, 0);
  const reachable = new Set(rowOf.keys());
  for (const step of definition.steps) {
    if (!rowOf.has(step.id)) walk(step.id, rows.length);
  }

  const widest = Math.max(0, ...rows.map((row) => row.length));
  const width = widest * options.nodeWidth + Math.max(0, widest - 1) * options.gapX;
  const steps: LaidOutStep[] = rows.flatMap((row, rowIndex) => {
    const rowWidth = row.length * options.nodeWidth + (row.length - 1) * options.gapX;
    const left = Math.round((width - rowWidth) / 2);
    return row.map((stepId, column) => ({
      stepId,
      row: rowIndex,
      column,
      x: left + column * (options.nodeWidth + options.gapX),
      y: rowIndex * (options.nodeHeight + options.gapY),
      unreachable: !reachable.has(stepId),
    }));
  });
  const routes: LaidOutRoute[] = definition.steps.flatMap((step) =>
    step.routes.map((route) => {
      const to = route.flo_element_dest;
      const dangling = !byId.has(to);
      return {
        from: step.id,
        to,
        condition: route.flo_condition,
        dangling,
        back: !dangling && rowOf.get(to)! <= rowOf.get(step.id)!,
      };
    }),
  );
  const height = rows.length * options.nodeHeight + Math.max(0, rows.length - 1) * options.gapY;
  return { steps, routes, width, height };
}
