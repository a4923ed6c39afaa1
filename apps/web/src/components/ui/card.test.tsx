import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card.tsx';
import { EmptyState } from './empty-state.tsx';

describe('Card', () => {
  it('is a region named by its heading, with its action beside the heading', () => {
    render(
      <Card title="My treatments" action={<a href="/treatments">See all</a>}>
        <p>Migrex</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'My treatments' });
    expect(region.querySelector('h2')?.textContent).toBe('My treatments');
    expect(screen.getByRole('link', { name: 'See all' })).toBeTruthy();
  });

  it('uses the asked heading level and is no landmark without a title', () => {
    const { container } = render(
      <>
        <Card title="Caregiver" headingLevel={3} />
        <Card>
          <p>Plain</p>
        </Card>
      </>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Caregiver' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(container.querySelectorAll('section')).toHaveLength(2);
  });
});

describe('EmptyState', () => {
  it('says what is missing and offers the next step', () => {
    render(
      <EmptyState
        message="You have no treatments registered yet"
        action={<a href="/treatments/new">Add a treatment</a>}
        icon="＋"
      />,
    );
    expect(screen.getByText('You have no treatments registered yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a treatment' }).getAttribute('href')).toBe('/treatments/new');
  });
});
