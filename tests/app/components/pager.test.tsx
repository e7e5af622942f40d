import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from '@/app/components/pager/pager';

describe('Pager', () => {
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

  it('shows nothing when the whole list fits on one page', () => {
    render(<Pager label="Pages" total={20} offset={0} pageSize={20} onOffsetChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('names the page, and moves one page at a time within the list', () => {
    const onOffsetChange = vi.fn();
    const { rerender } = render(
      <Pager
        label="History pages"
        total={45}
        offset={0}
        pageSize={20}
        onOffsetChange={onOffsetChange}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'History pages' }).textContent).toContain(
      'Page 1 of 3',
    );
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(onOffsetChange).toHaveBeenLastCalledWith(20);

    rerender(
      <Pager
        label="History pages"
        total={45}
        offset={40}
        pageSize={20}
        onOffsetChange={onOffsetChange}
      />,
    );
    expect(screen.getByRole('navigation').textContent).toContain('Page 3 of 3');
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(onOffsetChange).toHaveBeenLastCalledWith(20);
  });

  it('waits while a page loads', () => {
    render(
      <Pager label="Pages" total={45} offset={20} pageSize={20} busy onOffsetChange={() => {}} />,
    );
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });
});
