import { useId, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import {
  TABLE,
  TABLE_ACTIONS,
  TABLE_CAPTION,
  TableScroll,
} from '@/app/components/table/table-scroll';
import type { AgentParameters } from '@/shared/contracts/users-parameters';
import { EditParametersDialog } from './edit-parameters-dialog';
import { ALL_OFFICES, describeRow, filterAgents, NO_OFFICE } from './parameters-table-model';
import { useUsersParameters } from './use-users-parameters';

export const EMPTY_TEXT =
  'No agents yet. Operators invited in Users Administration get an agent record; their parameters are set here.';

const none = <span className="ic-users-params__none">—</span>;

/** One workspace's agents with their parameters, a search and office filter, and Edit. */
export function ParametersPanel({ workspace }: { workspace: { id: string; name: string } }) {
  const { load, retry } = useUsersParameters(workspace.id);
  const [text, setText] = useState('');
  const [office, setOffice] = useState(ALL_OFFICES);
  const [editing, setEditing] = useState<AgentParameters | null>(null);
  const ids = { search: useId(), office: useId() };

  const data = load.status === 'loaded' ? load.data : null;
  const agents = data?.agents ?? [];
  const shown = filterAgents(agents, text, office);

  return (
    <Card className="ic-users-params" title={`Agents of ${workspace.name}`}>
      <div className="ic-users-params__filters">
        <div className="ic-users-params__filter">
          <label htmlFor={ids.search}>Search agents</label>
          <input
            id={ids.search}
            type="search"
            className={fieldClassNames.input}
            placeholder="Agent name…"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="ic-users-params__filter">
          <label htmlFor={ids.office}>Office</label>
          <select
            id={ids.office}
            className={fieldClassNames.select}
            value={office}
            disabled={!data}
            onChange={(event) => setOffice(event.target.value)}
          >
            <option value={ALL_OFFICES}>All offices</option>
            <option value={NO_OFFICE}>No office</option>
            {(data?.offices ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {load.status === 'loading' ? (
        <LoadingBlock label="Loading users parameters…" />
      ) : load.status === 'error' || !data ? (
        <ErrorView onRetry={retry} />
      ) : (
        <>
          <p className="ic-users-params__count" role="status" aria-live="polite">
            {shown.length === agents.length
              ? `${agents.length} ${agents.length === 1 ? 'agent' : 'agents'}`
              : `${shown.length} of ${agents.length} agents`}
          </p>
          {agents.length === 0 ? (
            <p className="ic-users-params__empty">{EMPTY_TEXT}</p>
          ) : shown.length === 0 ? (
            <p className="ic-users-params__empty">No agents match the search and office.</p>
          ) : (
            <TableScroll label={`Parameters of the agents of ${workspace.name}`}>
              <table className={TABLE}>
                <caption className={TABLE_CAPTION}>
                  Parameters of the agents of {workspace.name}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Agent</th>
                    <th scope="col">Office</th>
                    <th scope="col">Practice areas</th>
                    <th scope="col">Consultant</th>
                    <th scope="col">Outbound minimums per week</th>
                    <th scope="col">Compliance minimum</th>
                    <th scope="col" className={TABLE_ACTIONS}>
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((agent) => {
                    const row = describeRow(agent, data);
                    return (
                      <tr key={agent.agentId}>
                        <th scope="row">
                          {agent.agentName}
                          {agent.active ? null : (
                            <span className="ic-users-params__badge">Inactive</span>
                          )}
                        </th>
                        <td>{row.office ?? none}</td>
                        <td>{row.practiceAreas ?? none}</td>
                        <td>{row.consultant ?? none}</td>
                        <td>{row.outbound ?? none}</td>
                        <td>{row.compliance}</td>
                        <td className={TABLE_ACTIONS}>
                          <Button
                            aria-label={`Edit parameters of ${agent.agentName}`}
                            onClick={() => setEditing(agent)}
                          >
                            Edit
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}

      {editing && data ? (
        <EditParametersDialog
          workspaceId={workspace.id}
          agent={editing}
          choices={data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </Card>
  );
}
