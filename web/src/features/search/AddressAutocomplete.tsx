/**
 * The address input with autocomplete (docs/product.md sections 2 and 5): an ARIA 1.2
 * combobox whose listbox holds up to 8 suggestions from GET /geocode/suggest. Arrow keys move
 * the highlight, Enter picks it, Escape and a click outside close the list. Only what the
 * user typed is looked up: a picked place name does not ask again.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AddressSuggestion, GeocodeMatchType } from '@ust/schemas';
import { useAddressSuggestions } from '../../api';

export interface AddressAutocompleteProps {
  id: string;
  value: string;
  /** The user typed: the text as it is now. */
  onType: (text: string) => void;
  /** The user picked a suggestion. */
  onPick: (suggestion: AddressSuggestion) => void;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
}

const MATCH_KINDS: Record<GeocodeMatchType, string> = { address: 'Address', zip: 'ZIP code', place: 'City or town' };

export function AddressAutocomplete({ id, value, onType, onPick, required, placeholder, maxLength }: AddressAutocompleteProps) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  // Held by id, not position, so a new list never keeps a stale highlight.
  const [activeId, setActiveId] = useState<string | null>(null);
  const { suggestions } = useAddressSuggestions(typed);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const expanded = open && suggestions.length > 0;
  const active = expanded ? suggestions.findIndex((suggestion) => suggestion.id === activeId) : -1;

  useEffect(() => {
    if (!expanded) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [expanded]);

  // A list taller than its box keeps the highlighted option in sight.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-suggestion-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  function close() {
    setOpen(false);
    setActiveId(null);
  }

  function pick(suggestion: AddressSuggestion) {
    onPick(suggestion);
    setTyped('');
    close();
  }

  function move(step: 1 | -1, event: KeyboardEvent) {
    if (suggestions.length === 0) return;
    event.preventDefault();
    const count = suggestions.length;
    const next = !expanded || active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count;
    setOpen(true);
    setActiveId(suggestions[next]!.id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(1, event);
    else if (event.key === 'ArrowUp') move(-1, event);
    else if (event.key === 'Enter' && active >= 0) {
      // Picking is not submitting: the form is sent by the next Enter.
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Enter') {
      // Nothing highlighted: the form submits what was typed, and the list has had its turn.
      close();
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="autocomplete" ref={rootRef}>
      <input
        id={id}
        type="text"
        role="combobox"
        className="autocomplete-input"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        required={required}
        aria-required={required}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          onType(event.target.value);
          setTyped(event.target.value);
          setOpen(true);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget)) close();
        }}
      />
      {expanded && (
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="autocomplete-list">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'autocomplete-option autocomplete-option-active' : 'autocomplete-option'}
              // Keeps focus in the input, so the click does not blur and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiveId(suggestion.id)}
              onClick={() => pick(suggestion)}
            >
              <span className="autocomplete-place">{suggestion.place_name}</span>
              <span className="autocomplete-kind">{MATCH_KINDS[suggestion.properties.match_type]}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {expanded ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}; use the arrow keys to choose` : ''}
      </p>
    </div>
  );
}
