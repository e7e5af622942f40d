import { useMemo } from 'react';
import type { DesignerModel } from '@/shared/call-flow/designer-model';
import { toDefinition } from '@/shared/call-flow/designer-model';
import { DEFAULT_LAYOUT, layoutFlow, startStepOf } from '@/shared/call-flow/flow-layout';
import type { StepType } from '@/shared/contracts/call-flow';
import './flow-map.css';

export const STEP_TYPE_LABELS: Record<StepType, string> = {
  TASK: 'Form',
  END: 'End',
  SUB_PROCESS: 'Sub-process',
};

/**
 * The process as a map (issue #34 "a graph of steps and routes, laid out automatically"):
 * a box per step, an arrow per route with its condition, loops drawn apart, steps no route
 * reaches marked. A picture for sighted owners: the step list beside it is the same
 * process for the keyboard and screen readers, so the map is one image with a summary, and
 * a click on a box selects its step there.
 */
export function FlowMap({
  model,
  selected,
  onSelect,
}: {
  model: DesignerModel;
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  const definition = useMemo(() => toDefinition(model), [model]);
  const layout = useMemo(() => layoutFlow(definition), [definition]);
  const start = startStepOf(definition);
  const { nodeWidth: w, nodeHeight: h } = DEFAULT_LAYOUT;
  const byId = new Map(layout.steps.map((step) => [step.stepId, step]));
  const keyOf = new Map(model.steps.map((step) => [step.id, step]));
  const unreachable = layout.steps.filter((step) => step.unreachable).length;
  const summary = `Map of ${model.steps.length} steps and ${layout.routes.length} routes${
    unreachable > 0 ? `; ${unreachable} not reached from the start` : ''
  }. The step list has the same process.`;

  return (
    <div className="ic-flow-map">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`-8 -8 ${Math.max(layout.width, w) + 16} ${Math.max(layout.height, h) + 16}`}
        width={Math.max(layout.width, w) + 16}
        height={Math.max(layout.height, h) + 16}
      >
        <defs>
          <marker
            id="ic-flow-map-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" className="ic-flow-map__arrowhead" />
          </marker>
        </defs>
        {layout.routes.map((route, index) => {
          const from = byId.get(route.from);
          const to = byId.get(route.to);
          if (!from || !to) return null;
          const x1 = from.x + w / 2;
          const y1 = from.y + h;
          const x2 = to.x + w / 2;
          const y2 = route.back ? to.y + h / 2 : to.y;
          // A loop back goes round the right of the boxes.
          const path = route.back
            ? `M ${from.x + w} ${from.y + h / 2} C ${from.x + w + 48} ${from.y + h / 2}, ${to.x + w + 48} ${y2}, ${to.x + w} ${y2}`
            : `M ${x1} ${y1} C ${x1} ${(y1 + y2) / 2}, ${x2} ${(y1 + y2) / 2}, ${x2} ${y2}`;
          return (
            <g key={`${route.from}-${route.to}-${index}`}>
              <path
                d={path}
                className={`ic-flow-map__route${route.back ? ' ic-flow-map__route--back' : ''}`}
                markerEnd="url(#ic-flow-map-arrow)"
              />
              {route.condition ? (
                // Near the destination, where routes from one step have fanned out (near
                // the source their labels would overlap); shortened, the whole on hover.
                <text
                  x={route.back ? (x1 + x2) / 2 + w / 2 + 40 : x1 + (x2 - x1) * 0.75 + 6}
                  y={route.back ? (y1 + y2) / 2 : y1 + (y2 - y1) * 0.7}
                  className="ic-flow-map__condition"
                >
                  <title>{route.condition}</title>
                  {route.condition.length > 22
                    ? `${route.condition.slice(0, 21)}…`
                    : route.condition}
                </text>
              ) : null}
            </g>
          );
        })}
        {layout.steps.map((laid) => {
          const step = keyOf.get(laid.stepId);
          if (!step) return null;
          const classes = [
            'ic-flow-map__step',
            `ic-flow-map__step--${step.type.toLowerCase()}`,
            step.key === selected ? 'ic-flow-map__step--selected' : '',
            laid.unreachable ? 'ic-flow-map__step--unreachable' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <g
              key={step.key}
              className={classes}
              transform={`translate(${laid.x} ${laid.y})`}
              onClick={() => onSelect(step.key)}
            >
              <rect width={w} height={h} rx={10} />
              <text x={12} y={24} className="ic-flow-map__name">
                {step.name.length > 24 ? `${step.name.slice(0, 23)}…` : step.name}
              </text>
              <text x={12} y={46} className="ic-flow-map__type">
                {STEP_TYPE_LABELS[step.type]}
                {step.id === start ? ' · start' : ''}
                {laid.unreachable ? ' · not reached' : ''}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
