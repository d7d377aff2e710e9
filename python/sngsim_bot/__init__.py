"""sngsim_bot: write sngsim poker bots in Python (protocol v1,
docs/bot-protocol.md) and read sngsim's results. Standard library only."""

from sngsim_bot.bot import Action, Bot, Legal, Observation, run

__all__ = ["Action", "Bot", "Legal", "Observation", "run"]
