import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../contract/money';
import type { RewardLine } from '../../../contract/partners';
import { useLang } from '../../lib/use-lang';
import { formatPercent } from '../../ui/money/percent';
import { bpsToPercent, formatLots } from './investor-format';
import { INSTRUMENT_GROUP_LABELS, REWARD_KIND_LABELS } from './investor-labels';

/** One line: the source named as the partner finds it elsewhere (a deal's ticket, a deposit's reference), the base, the rate and the result. */
export function RewardRow({ line }: { line: RewardLine }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const money = (minor: number, currency = line.currency, precision = line.precision) => formatMoney(minor, currency, precision, lang);
  const { deal, deposit, child } = line.inputs;
  let source = i18n._(REWARD_KIND_LABELS[line.kind]);
  let detail = '';
  let base = '';
  let rate = '';
  if (line.kind === 'lot' && deal) {
    source = t`Deal #${deal.ticket}`;
    detail = `${deal.symbol} · ${i18n._(INSTRUMENT_GROUP_LABELS[deal.group])} · ${deal.account}`;
    base = t`${formatLots(deal.volume, lang)} lots`;
    rate = t`${money(line.rate)} per lot`;
  } else if (line.kind === 'cpa' && deposit) {
    source = t`Deposit ${deposit.reference}`;
    detail = t`First deposit of at least ${money(deposit.threshold)}`;
    base = deposit.currency === line.currency ? money(deposit.amount_in_plan) : `${money(deposit.amount, deposit.currency, deposit.precision)} ≈ ${money(deposit.amount_in_plan)}`;
    rate = t`${money(line.rate)} once`;
  } else if (line.kind === 'second_level' && child) {
    source = t`Share of ${child.partner_name}'s reward`;
    detail = t`Sub-partner ${child.partner_name}`;
    base = money(child.amount);
    rate = formatPercent(bpsToPercent(line.rate), lang);
  }
  return (
    <tr className={line.level === 2 ? 'reward-second-level' : undefined}>
      <td className="c-date" data-label={t`Date`}>
        <time dateTime={line.source_at}>{i18n.date(new Date(line.source_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </td>
      <td data-label={t`Client`}>{line.client?.name ?? '—'}</td>
      <td data-label={t`Source`}>
        <span className="cell-stack">
          {source}
          {detail ? <span className="cell-sub">{detail}</span> : null}
        </span>
      </td>
      <td className="num" data-label={t`Volume or amount`}>
        {base}
      </td>
      <td className="num" data-label={t`Rate`}>
        {rate}
      </td>
      <td className="num amount" data-label={t`Reward`}>
        {money(line.amount)}
      </td>
    </tr>
  );
}
