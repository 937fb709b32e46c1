// The development node of `npm run chain:node` (scripts/chain-node.ts): Hardhat 2's in-memory EVM,
// nothing compiled by Hardhat (it would download a compiler; the tokens are compiled with the solc
// npm package instead). Each transaction is mined in a block of its own, and blocks are otherwise
// mined only when asked (`npm run chain:mine`), so confirmations move when the developer says so.
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.CHAIN_ID || 31337),
      mining: { auto: true, interval: 0 },
      // A reverted transaction is mined and answered with its hash, as on a real chain, so a failed
      // payout can be tested.
      throwOnTransactionFailures: false,
    },
  },
};
