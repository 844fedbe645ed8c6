import { carrierSwatch } from './carrier-quotes';
import './carriers.css';

/** The carrier's name beside its colour, the same colour wherever the carrier appears. */
export function CarrierName({ carrier }: { carrier: string }) {
  return (
    <span className={`carrier carrier-${carrierSwatch(carrier)}`}>
      <span className="carrier-swatch" aria-hidden="true" />
      {carrier}
    </span>
  );
}
