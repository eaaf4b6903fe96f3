'use client';
import { lazy, Suspense, useState } from 'react';
import type { ParcelPoint } from '../../lib/types/quote';

// the configurator's map, loaded only when a Google Maps key is configured and results exist
const ParcelPointMap = lazy(() => import('../configurator/parcel-point-map'));

type Props = { apiKey: string; language: string; origin: { lat: number; lng: number }; points: ParcelPoint[]; label: string };

/** The found points on a map; a marker click brings its entry of the server-rendered list into view. */
export function PointsMap({ apiKey, language, origin, points, label }: Props) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const select = (point: ParcelPoint) => {
    setSelectedId(point.id);
    document.querySelectorAll('.pp-point.is-selected').forEach((el) => el.classList.remove('is-selected'));
    const item = document.getElementById(`pp-${point.id}`);
    item?.classList.add('is-selected');
    item?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };
  return (
    <div className="pp-map" role="region" aria-label={label}>
      <Suspense fallback={<div className="cfg-map" />}>
        <ParcelPointMap apiKey={apiKey} language={language} origin={origin} points={points} selectedId={selectedId} onSelect={select} />
      </Suspense>
    </div>
  );
}
