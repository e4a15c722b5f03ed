// Placeholder: the back office replaces this module (lazy-loaded for /admin/*).
export default function AdminApp() {
  return <p>Back office</p>;
}
