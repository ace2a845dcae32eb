"""Changing roles, members' roles and channel overwrites, with the gateway events Discord sends.

Used by the REST routes (the bot's requests) and by the emulator's own set-up actions
(`Emulator.add_role`, `give_role`, `set_overwrite`), so both tell a connected bot the same way.
"""

from __future__ import annotations

from localdiscord import perms
from localdiscord.gateway import GUILDS, Gateway
from localdiscord.model import Channel
from localdiscord.world import World

GUILD_MEMBERS = 1 << 1


class Roles:
    """Role and overwrite changes, each followed by its gateway event."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    async def add_role(self, name: str, permissions: int, role_id: int | None = None) -> perms.Role:
        """Create a role (GUILD_ROLE_CREATE)."""
        role = self.world.add_role(name, permissions, role_id)
        data = {"guild_id": str(self.world.guild.id), "role": role.payload()}
        await self.gateway.dispatch("GUILD_ROLE_CREATE", data, intent=GUILDS)
        return role

    async def set_member_role(self, user_id: int, role_id: int, present: bool) -> None:
        """Give or take a role (GUILD_MEMBER_UPDATE, to bots with the members intent)."""
        held = self.world.guild.member_roles.setdefault(user_id, [])
        if present and role_id not in held:
            held.append(role_id)
        elif not present and role_id in held:
            held.remove(role_id)
        else:
            return
        data = {**self.world.member_payload(user_id), "guild_id": str(self.world.guild.id)}
        data.pop("permissions", None)  # only interactions carry a member's permissions
        await self.gateway.dispatch("GUILD_MEMBER_UPDATE", data, intent=GUILD_MEMBERS)

    async def set_overwrite(
        self, chan: Channel, target: int, kind: int | None, allow: int, deny: int
    ) -> None:
        """Set (kind given) or remove (kind None) an overwrite on a channel (CHANNEL_UPDATE)."""
        chan.overwrites = [o for o in chan.overwrites if o.id != target]
        if kind is not None:
            chan.overwrites.append(perms.Overwrite(target, kind, allow, deny))
        await self.gateway.dispatch("CHANNEL_UPDATE", chan.payload(), intent=GUILDS)
