import { useState } from 'react';
import type { TeamView } from '../../../shared/team/viewSchema';

type Form = NonNullable<NonNullable<TeamView['deal']>['form']>;

/**
 * The deal form (issue 23), as CaSiNo's own interface has it: how many packages of each item each side gets, then
 * the offer goes on the table and the counterpart answers at once. The two counts of an item are chosen separately
 * and must add up; main checks them again and refuses in plain words.
 */
export function DealForm({ form, disabled, onOffer }: { form: Form; disabled: boolean; onOffer(youGet: Record<string, number>, theyGet: Record<string, number>): void }) {
  const [you, setYou] = useState<Record<string, number>>(Object.fromEntries(form.items.map((i) => [i.name, 0])));
  const [them, setThem] = useState<Record<string, number>>(Object.fromEntries(form.items.map((i) => [i.name, i.count])));
  const off = form.items.filter((i) => (you[i.name] ?? 0) + (them[i.name] ?? 0) !== i.count);
  const count = (item: Form['items'][number], side: 'you' | 'them') => {
    const value = (side === 'you' ? you : them)[item.name] ?? 0;
    const set = side === 'you' ? setYou : setThem;
    const label = side === 'you' ? `${item.name} you get` : `${item.name} ${form.counterpart} gets`;
    return (
      <select aria-label={label} value={value} disabled={disabled} onChange={(e) => set((s) => ({ ...s, [item.name]: Number(e.target.value) }))}>
        {Array.from({ length: item.count + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    );
  };
  return (
    <form
      className="deal-form"
      aria-label="Make an offer"
      onSubmit={(e) => {
        e.preventDefault();
        if (off.length === 0) onOffer(you, them);
      }}
    >
      <h3>Make an offer</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">You get</th>
            <th scope="col">{form.counterpart} gets</th>
          </tr>
        </thead>
        <tbody>
          {form.items.map((item) => (
            <tr key={item.name}>
              <th scope="row">
                {item.name} <span className="muted small">({item.count})</span>
              </th>
              <td>{count(item, 'you')}</td>
              <td>{count(item, 'them')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {off.length > 0 ? (
        <p className="small warning" role="status">
          {off.map((i) => `${i.name}: ${you[i.name] ?? 0} + ${them[i.name] ?? 0} is not ${i.count}`).join('; ')}.
        </p>
      ) : (
        <p className="muted small">{form.counterpart} answers your offer at once. You can also keep talking.</p>
      )}
      <button type="submit" className="primary" disabled={disabled || off.length > 0}>
        Offer this split to {form.counterpart}
      </button>
    </form>
  );
}
