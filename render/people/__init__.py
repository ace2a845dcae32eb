"""Images of people around games: the server leaderboard (`render.people.leaderboard`)."""
