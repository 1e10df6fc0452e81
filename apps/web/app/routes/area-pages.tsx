// Scaffold only: replaced by the page's real module.
export default function Scaffold() {
  return <p>scaffold</p>;
}
