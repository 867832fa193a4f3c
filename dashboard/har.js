// The "Download HAR" button: the journal as a HAR 1.2 log (GET /__mock/journal?format=har, masked as the
// journal keeps it), fetched with the admin token and saved as a file the browser's devtools can import.

(() => {
  const base = location.pathname.replace(/\/(index\.html)?$/, '');
  const button = document.getElementById('har-download');
  button.addEventListener('click', async () => {
    const token = sessionStorage.getItem('plantstore-mock-admin-token');
    const response = await fetch(`${base}/journal?format=har`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
      document.getElementById('notice').textContent = `The HAR could not be made: ${response.status}`;
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = `plantstore-mock-${new Date().toISOString().replace(/[:.]/g, '-')}.har`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  });
})();
