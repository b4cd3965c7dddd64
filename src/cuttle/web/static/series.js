// A series' scoring sheet reloads itself when a round ends or a new one starts
// (polled every 3 s until the series is over).
const sheet = document.getElementById("sheet");

function version(data) {
  return `${data.rounds.length}-${data.rounds.filter((r) => r.done).length}-${data.status}`;
}

if (sheet && sheet.dataset.status !== "over") {
  const poll = async () => {
    try {
      const r = await fetch(`/api/series/${sheet.dataset.series}`);
      if (r.ok) {
        const data = await r.json();
        if (version(data) !== sheet.dataset.version) { location.reload(); return; }
      }
    } catch (e) { /* the next poll tries again */ }
    setTimeout(poll, 3000);
  };
  setTimeout(poll, 3000);
}
