import React from 'react';
import {NavigationContainer} from '@react-navigation/native';
import {createNativeStackNavigator} from '@react-navigation/native-stack';
import Lockers from './src/Lockers';
import Scan from './src/Scan';

const Stack = createNativeStackNavigator();

type Props = {launchShortcut?: 'scan' | 'nearest'};

// Quick actions from the home screen arrive as `launchShortcut` (cold start) or as
// `shortcut` events from the native ShortcutEmitter module (while running).
export default function App({launchShortcut}: Props) {
  return (
    <NavigationContainer>
      <Stack.Navigator initialRouteName={launchShortcut === 'scan' ? 'Scan' : 'Lockers'}>
        <Stack.Screen name="Lockers" component={Lockers} />
        <Stack.Screen name="Scan" component={Scan} options={{title: 'Collect a parcel'}} />
      </Stack.Navigator>
    </NavigationContainer>
  );
}
