import 'react-native-gesture-handler';
import React from 'react';
import {NavigationContainer} from '@react-navigation/native';
import {createStackNavigator} from '@react-navigation/stack';
import TrailList from './src/TrailList';
import TrailDetail from './src/TrailDetail';

const Stack = createStackNavigator();

// trailhead://trail/<id> opens a trail straight from a shared link.
const linking = {
  prefixes: ['trailhead://', 'https://trailhead.example.org'],
  config: {screens: {Trails: '', Trail: 'trail/:id'}},
};

export default function App({units}: {units: 'metric' | 'imperial'}) {
  return (
    <NavigationContainer linking={linking}>
      <Stack.Navigator>
        <Stack.Screen name="Trails" component={TrailList} initialParams={{units}} />
        <Stack.Screen name="Trail" component={TrailDetail} initialParams={{units}} />
      </Stack.Navigator>
    </NavigationContainer>
  );
}
