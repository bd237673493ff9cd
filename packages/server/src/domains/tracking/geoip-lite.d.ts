// The part of geoip-lite's API used here (the package ships no types).
declare module 'geoip-lite' {
  const geoip: { lookup(ip: string): { country: string } | null }
  export default geoip
}
