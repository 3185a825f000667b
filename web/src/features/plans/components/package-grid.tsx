import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { Package } from '@vitrina/contracts';
import { PackageCard } from './package-card';
import type { PackagePurchase } from './use-package-purchase';

export interface PackageGridProps {
  packages: readonly Package[];
  purchase: PackagePurchase;
  /** The user's current package id. */
  currentId: string | null;
  highlight?: readonly string[];
  /** The list's accessible name. */
  label: string;
  headingOrder?: 2 | 3;
}

/** Package cards side by side, stacked on a phone. */
export function PackageGrid({ packages, purchase, currentId, highlight = [], label, headingOrder }: PackageGridProps) {
  const cols = packages.length === 1 ? { base: 1 } : packages.length === 2 ? { base: 1, sm: 2 } : { base: 1, sm: 2, lg: 3 };
  return (
    <SimpleGrid component="ul" cols={cols} spacing="lg" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {packages.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard
            pkg={pkg}
            mode={purchase.mode}
            current={pkg.id === currentId}
            highlighted={highlight.includes(pkg.id)}
            buying={purchase.buyingId === pkg.id}
            busy={purchase.buyingId !== null && purchase.buyingId !== pkg.id}
            onBuy={purchase.buy}
            headingOrder={headingOrder}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** Placeholder cards while the packages load. */
export function PackageGridSkeleton({ count = 3, label }: { count?: number; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label={label} data-testid="packages-loading">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Skeleton h={24} w="60%" />
            <Skeleton h={14} />
            <Skeleton h={36} w="50%" />
            <Skeleton h={14} w="70%" />
            <Skeleton h={60} />
            <Skeleton h={36} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
