/**
 * The styles of the Mantine components the first screens draw (the portal's frame, the landing page
 * and a fund page), in place of the whole `@mantine/core/styles.css`, in the order that file has
 * them, after Mantine's global styles, so rules of equal weight win as they did. The rest of the
 * app's components are styled by lib/mantine-styles-later.ts, which loads after the first screen:
 * this sheet blocks the first paint, and halving it took 0.2 s off Lighthouse's LCP on a phone
 * (issue 9; docs/decisions.md, "One stylesheet for the first screen, one for the rest").
 * The build check `web/scripts/css-coverage.mjs` (in `npm test`, step build) fails and names the
 * file when a component lacks its styles, here for what the first screens' code uses.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
