declare module 'papaparse/papaparse.min.js' {
  import Papa from 'papaparse';
  export default Papa;
}
