'use client';
import { APIProvider, Map, Marker, useMap } from '@vis.gl/react-google-maps';
import { useEffect } from 'react';
import type { ParcelPoint } from '../../lib/types/quote';

type Props = {
  apiKey: string;
  language: string;
  origin: { lat: number; lng: number };
  points: ParcelPoint[];
  selectedId: string | null;
  onSelect: (point: ParcelPoint) => void;
};

/** Follows the search: a new origin recentres the map. */
function Recentre({ origin }: { origin: Props['origin'] }) {
  const map = useMap();
  useEffect(() => {
    map?.panTo(origin);
  }, [map, origin]);
  return null;
}

/** Google map of the found parcel points (loaded only when a key is configured); a marker click selects its point. */
export default function ParcelPointMap({ apiKey, language, origin, points, selectedId, onSelect }: Props) {
  return (
    <APIProvider apiKey={apiKey} language={language} region="CZ">
      <Map className="cfg-map" defaultCenter={origin} defaultZoom={13} gestureHandling="cooperative" disableDefaultUI={false} clickableIcons={false}>
        <Recentre origin={origin} />
        {points.map((point) => (
          <Marker
            key={point.id}
            position={point.location}
            title={point.name}
            opacity={selectedId === null || selectedId === point.id ? 1 : 0.7}
            onClick={() => onSelect(point)}
          />
        ))}
      </Map>
    </APIProvider>
  );
}
