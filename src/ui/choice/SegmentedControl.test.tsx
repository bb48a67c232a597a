import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './SegmentedControl';

type Period = 'day' | 'week' | 'month';

function Period({ start = 'day' as Period }) {
  const [value, setValue] = useState<Period>(start);
  return (
    <>
      <SegmentedControl
        label="Period"
        options={[
          { value: 'day', label: 'Day' },
          { value: 'week', label: 'Week' },
          { value: 'month', label: 'Month' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

const checked = () => screen.getAllByRole('radio').filter((radio) => radio.getAttribute('aria-checked') === 'true').map((radio) => radio.textContent);

describe('SegmentedControl', () => {
  it('is a labelled radio group with the current option checked and the only tab stop', () => {
    render(<Period start="week" />);
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeTruthy();
    expect(checked()).toEqual(['Week']);
    expect(screen.getAllByRole('radio').map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('chooses an option on a click', async () => {
    render(<Period />);
    await userEvent.click(screen.getByRole('radio', { name: 'Month' }));
    expect(checked()).toEqual(['Month']);
    expect(screen.getByRole('status').textContent).toBe('month');
  });

  it('moves and chooses with the arrows, wrapping round, and goes to the ends with Home and End', async () => {
    const user = userEvent.setup();
    render(<Period />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Day');
    await user.keyboard('{ArrowRight}');
    expect(checked()).toEqual(['Week']);
    expect(document.activeElement?.textContent).toBe('Week');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(checked()).toEqual(['Day']);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual(['Month']);
    await user.keyboard('{Home}');
    expect(checked()).toEqual(['Day']);
    await user.keyboard('{End}');
    expect(checked()).toEqual(['Month']);
    expect(document.activeElement?.textContent).toBe('Month');
  });
});
