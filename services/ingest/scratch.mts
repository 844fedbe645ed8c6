import { Compile } from 'typebox/compile';
import Type from 'typebox';
const dt = Compile(Type.String({ format: 'date-time' }));
const uu = Compile(Type.String({ format: 'uuid' }));
for (const s of ['2025-06-30T23:59:60Z', '2025-01-02t03:04:05.678z', '2025-01-02 03:04:05Z', '2025-01-02T03:04:05Z', '2025-01-02T03:04:05.123456789Z', '2025-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2025-01-02T03:04:05+14:00', '2025-01-02T03:04:05'])
  console.log(s, dt.Check(s), Date.parse(s), isNaN(Date.parse(s)) ? '' : new Date(s).toISOString());
for (const s of ['0B7E9C1A-5D1E-4C1E-9D6F-2F1B6A1E3C4D', '00000000-0000-0000-0000-000000000000', '0b7e9c1a5d1e4c1e9d6f2f1b6a1e3c4d', '{0b7e9c1a-5d1e-4c1e-9d6f-2f1b6a1e3c4d}', 'urn:uuid:0b7e9c1a-5d1e-4c1e-9d6f-2f1b6a1e3c4d'])
  console.log(s, uu.Check(s));
