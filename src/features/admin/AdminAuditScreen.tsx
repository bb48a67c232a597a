import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { AuditEntry } from '../../../contract/security-activity';
import { queryClient } from '../../data/query-client';
import type { AuditSearch } from '../../lib/search-params';
import { usePageTitle } from '../../lib/page-title';
import { SelectField } from '../../ui/choice/SelectField';
import { TextField } from '../../ui/form/TextField';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { auditQuery } from './api/fetch-audit';
import './admin-audit.css';

const route = getRouteApi('/$lang/_auth/_admin/administration/audit');

/** Staff: every staff action, who, what, when and from where; read only (docs/adr/0088). */
export function AdminAuditScreen() {
  const { t } = useLingui();
  const objectName = useObjectName();
  usePageTitle(t`Audit log`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: Partial<AuditSearch>) =>
    void navigate({ search: (s) => JSON.parse(JSON.stringify({ ...s, ...next, page: next.page === undefined || next.page === 1 ? undefined : next.page })) as AuditSearch });
  const [actor, setActor] = useState(search.actor ?? '');
  const audit = useQuery({ ...auditQuery(search), placeholderData: keepPreviousData }, queryClient);
  const meta = audit.data?.meta;
  const filtered = Object.keys(search).some((key) => key !== 'page');
  const choose = (field: 'action' | 'object_type' | 'from' | 'to') => (value: string) => show({ [field]: value || undefined, page: 1 });

  return (
    <section className="card" aria-labelledby="audit-title">
      <div className="chart-toolbar">
        <h2 id="audit-title" style={{ fontSize: 'var(--text-lg)' }}>
          <Trans>Audit log</Trans>
        </h2>
        <p className="field-hint" style={{ margin: 0 }}>
          <Trans>Every change staff make, as it was made. Entries cannot be edited or removed.</Trans>
        </p>
      </div>
      <form
        className="filters"
        role="search"
        aria-label={t`Filter the audit log`}
        onSubmit={(event) => {
          event.preventDefault();
          show({ actor: actor.trim() || undefined, page: 1 });
        }}
      >
        <TextField label={t`Who`} name="actor" value={actor} onValueChange={setActor} onBlur={() => actor.trim() !== (search.actor ?? '') && show({ actor: actor.trim() || undefined, page: 1 })} placeholder={t`Name, e-mail or id`} />
        <SelectField label={t`Action`} name="action" value={search.action ?? ''} onValueChange={choose('action')}>
          <option value="">{t`All actions`}</option>
          {(audit.data?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Object`} name="object_type" value={search.object_type ?? ''} onValueChange={choose('object_type')}>
          <option value="">{t`All objects`}</option>
          {(audit.data?.object_types ?? []).map((type) => (
            <option key={type} value={type}>
              {objectName(type)}
            </option>
          ))}
        </SelectField>
        <TextField label={t`From`} name="from" type="date" value={search.from ?? ''} onValueChange={choose('from')} max={search.to || undefined} />
        <TextField label={t`To`} name="to" type="date" value={search.to ?? ''} onValueChange={choose('to')} min={search.from || undefined} />
      </form>
      {audit.error ? (
        <LoadError onRetry={() => void audit.refetch()} retrying={audit.isFetching} className="money-error card-error">
          <Trans>The audit log could not be loaded.</Trans>
        </LoadError>
      ) : audit.isPending ? (
        <LoadingState />
      ) : audit.data && audit.data.data.length > 0 ? (
        <>
          <ol className="audit-list" aria-busy={audit.isFetching}>
            {audit.data.data.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
          <div className="table-footer">
            <span>
              <Plural value={meta?.total ?? 0} one="# entry" other="# entries" />
            </span>
            {meta ? <Pager page={meta.current_page} lastPage={meta.last_page} onPage={(page) => show({ page })} /> : null}
          </div>
        </>
      ) : (
        <div style={{ padding: 'var(--space-5)' }}>
          <EmptyState icon={<ShieldIcon />} title={filtered ? t`Nothing matches these filters` : t`No staff actions yet`}>
            <p>
              <Trans>Approvals, rejections, edits and settings changes made by staff appear here.</Trans>
            </p>
          </EmptyState>
        </div>
      )}
    </section>
  );
}

/** The objects staff act on, in the reader's language; an object added later shows its technical name. */
function useObjectName(): (type: string) => string {
  const { t } = useLingui();
  const names: Record<string, string> = {
    'wallet-requests': t`Deposit and withdrawal requests`,
    verifications: t`Verifications`,
    tickets: t`Tickets`,
    ipo: t`IPO`,
    'payment-methods': t`Payment methods`,
    'canned-replies': t`Canned replies`,
    calendar: t`Calendar`,
    support: t({ message: 'Support', context: 'administration section' }),
    chat: t`Chats`,
  };
  return (type) => names[type] ?? type;
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui();
  const objectName = useObjectName();
  const when = i18n.date(new Date(entry.created_at), { dateStyle: 'medium', timeStyle: 'medium' });
  const [method, ...path] = entry.action.split(' ');
  return (
    <li className="audit-item">
      <div className="audit-head">
        <time dateTime={entry.created_at}>{when}</time>
        <span className="audit-actor">
          {entry.actor.name} <span className="cell-sub">{entry.actor.email}</span>
        </span>
      </div>
      <div className="audit-action">
        <span className="audit-method">{method}</span> <code>{path.join(' ')}</code>
      </div>
      <dl className="audit-facts">
        <div>
          <dt>{t`Object`}</dt>
          <dd>
            {objectName(entry.object_type)}
            {entry.object_id ? ` #${entry.object_id}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t`From where`}</dt>
          <dd>
            {entry.ip ?? '—'}
            {entry.user_agent ? <span className="cell-sub">{entry.user_agent}</span> : null}
          </dd>
        </div>
      </dl>
      {Object.keys(entry.summary).length > 0 ? (
        <details className="audit-summary">
          <summary>{t`What was sent`}</summary>
          <pre>{JSON.stringify(entry.summary, null, 2)}</pre>
        </details>
      ) : null}
    </li>
  );
}
